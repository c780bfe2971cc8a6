"""``erc competition`` on Spellchrome files (issue 16): SC11 and Part 3.7, the dice forced
with ``--rolls``; its exact odds against brute force through the resolver and against
many seeded contests."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, PhysicalSource, SeededSource
from erc.rulesets.spellchrome.odds.competition import competition_odds
from erc.rulesets.spellchrome.rules.competition import Contender, compete
from tests.spellchrome.support import Table, table

STRONG = "  - {name: Brute, hp: 10, abilities: {strength: 16, dexterity: 8}}"  # +3 / -1
QUICK = "  - {name: Quick, hp: 10, abilities: {strength: 10, dexterity: 16}}"  # +0 / +3
PEER = "  - {name: Peer, hp: 10, abilities: {strength: 16}}"  # +3


@pytest.fixture
def game(erc: Any, tmp_path: Path) -> Table:
    return table(erc, tmp_path, STRONG, QUICK, PEER)


def test_sc11_d20_plus_ability_plus_mod_higher_wins(game: Table) -> None:
    """SC11: "each side rolls d20 + the modifier of its chosen ability (`--attr
    NAME=strength|dexterity`, Strength by default) + `--mod`; higher wins"; Part 2: `winner`,
    `sides`: `{name, ability, roll, modifier, total, tiebreak}`."""
    document = game.ok(
        "competition",
        "Brute",
        "Quick",
        "--attr",
        "Quick=dex",
        "--mod",
        "Brute=1",
        "--rolls",
        "9,12",
    )
    result = document["result"]
    brute, quick = result["sides"]
    assert brute == {"name": "Brute", "ability": "strength", "roll": 9, "modifier": 4,
                     "total": 13, "tiebreak": []}  # fmt: skip
    assert (quick["ability"], quick["modifier"], quick["total"]) == ("dexterity", 3, 15)
    assert result["winner"] == "Quick" and result["decided_by"] == "total"
    assert [r["for"] for r in document["rolls"]] == [
        "Brute strength competition",
        "Quick dexterity competition",
    ]


def test_sc11_a_tie_goes_to_the_higher_modifier(game: Table) -> None:
    """SC11, Part 3.7: "a tie goes to the higher `modifier`"."""
    result = game.result("competition", "Brute", "Quick", "--rolls", "10,13")
    assert [s["total"] for s in result["sides"]] == [13, 13]
    assert result["winner"] == "Brute" and result["decided_by"] == "modifier"


def test_sc11_equal_modifiers_roll_again_until_they_differ(game: Table) -> None:
    """SC11: "a tie of modifiers is rolled again (both sides, recorded)"; Part 2 "Dice
    order": "A's d20, B's d20, then any re-rolls in the same order"."""
    document = game.ok("competition", "Brute", "Peer", "--rolls", "7,7,4,4,3,11")
    result = document["result"]
    assert [s["tiebreak"] for s in result["sides"]] == [[4, 3], [4, 11]]
    assert result["winner"] == "Peer" and result["decided_by"] == "re-roll"
    assert [r["for"] for r in document["rolls"]][2:] == [
        "Brute competition re-roll 1",
        "Peer competition re-roll 1",
        "Brute competition re-roll 2",
        "Peer competition re-roll 2",
    ]


def test_sc11_no_natural_20_rule_in_a_contest(game: Table) -> None:
    """SC11 is an opposed check, not an attack: SC4.2's natural 20 does not decide it."""
    result = game.result("competition", "Quick", "Brute", "--rolls", "20,19")
    assert [s["total"] for s in result["sides"]] == [20, 22] and result["winner"] == "Brute"


def test_bad_competition_options(game: Table) -> None:
    """Bad input is exit 2 with a clear message, naming the ruleset where it matters."""
    error = game.error("competition", "Brute", "Quick", "--attr", "Brute=agility")
    assert error["code"] == "bad-option" and "spellchrome" in error["message"]
    assert game.error("competition", "Brute", "Brute")["code"] == "bad-option"
    assert (
        "not in this competition"
        in game.error("competition", "Brute", "Quick", "--mod", "Peer=2")["message"]
    )
    assert game.error("competition", "Brute", "Quick", "--mod", "Brute=x")["code"] == "bad-option"
    error = game.error("competition", "Brute", "Quick", "--advantage", "Brute")
    assert error["code"] in ("usage", "not-in-ruleset")


# --- the odds -----------------------------------------------------------------------------


def test_odds_equal_brute_force_through_the_resolver_without_rerolls() -> None:
    """Different modifiers never re-roll: all 400 face pairs through `compete` itself."""
    a, b = Contender("A", "strength", 3), Contender("B", "dexterity", 1)
    wins = Fraction(0)
    for x in range(1, 21):
        for y in range(1, 21):
            source = PhysicalSource([x, y])
            wins += Fraction(1, 400) * (compete(Dice(source), a, b).winner == "A")
            source.check_all_used()
    odds = competition_odds(a, b)
    assert odds["p_win_a"] == wins and odds["p_win_b"] == 1 - wins and odds["p_tie"] == 0


def test_odds_with_rerolls_agree_with_many_seeded_contests() -> None:
    """Equal modifiers: the exact odds against 4,000 seeded contests, within 4.5 binomial
    standard errors."""
    a, b = Contender("A", "strength", 2), Contender("B", "strength", 2)
    odds = competition_odds(a, b)
    assert odds["p_win_a"] == odds["p_win_b"] == Fraction(1, 2)
    uneven_a, uneven_b = Contender("A", "strength", 4), Contender("B", "strength", 4)
    runs = 4000
    wins = sum(
        compete(Dice(SeededSource(seed)), uneven_a, Contender("B", "strength", 1)).winner == "A"
        for seed in range(runs)
    )
    p = float(competition_odds(uneven_a, Contender("B", "strength", 1))["p_win_a"])
    assert abs(wins / runs - p) <= 4.5 * math.sqrt(p * (1 - p) / runs)
    rerolled = sum(
        compete(Dice(SeededSource(seed)), uneven_a, uneven_b).winner == "A" for seed in range(runs)
    )
    assert abs(rerolled / runs - 0.5) <= 4.5 * math.sqrt(0.25 / runs)


def test_competition_odds_through_the_cli(game: Table) -> None:
    """CONTRACT `--odds`: for competition `{p_win_a, p_win_b, p_tie}` with `exact`."""
    document = game.ok("competition", "Brute", "Quick", "--odds")
    odds = document["result"]["odds"]
    assert document["rolls"] == [] and not document["result"]["resolved"]
    assert odds["p_tie"] == 0 and math.isclose(odds["p_win_a"] + odds["p_win_b"], 1)
    exact = competition_odds(Contender("Brute", "strength", 3), Contender("Quick", "strength", 0))
    assert (
        odds["exact"]["p_win_a"] == f"{exact['p_win_a'].numerator}/{exact['p_win_a'].denominator}"
    )


@pytest.mark.parametrize("condition", ["asleep", "unconscious", "paralyzed", "bound"])
def test_sc1_4_one_that_cannot_act_does_not_start_a_competition(
    game: Table, condition: str
) -> None:
    """SC1.4: "A combatant at 0 HP or below cannot act, nor can one asleep, unconscious,
    paralyzed or bound": A starts the contest, so such an A is refused (exit 2,
    ``cannot-act``), as every other command that A starts; Part 3.14: so is such a B."""
    game.ok("condition", "Brute", condition, "--apply")
    refused = game.error("competition", "Brute", "Quick", "--rolls", "9,12")
    assert refused["code"] == "cannot-act" and condition in refused["message"]
    answered = game.error("competition", "Quick", "Brute", "--rolls", "9,12")
    assert answered["code"] == "cannot-act" and condition in answered["message"]
    game.ok("condition", "Brute", condition, "--remove", "--apply")
    game.ok("damage", "Brute", "10", "--apply")
    assert game.error("competition", "Brute", "Quick", "--rolls", "9,12")["code"] == "cannot-act"


@pytest.mark.parametrize("extra", [(), ("--odds",), ("--rolls", "20,1")])
def test_part_3_14_a_downed_second_side_cannot_win(game: Table, extra: tuple[str, ...]) -> None:
    """Part 3.14: "A competition needs two sides who can act: when either side cannot act
    (SC1.4), it is refused before any die with `cannot-act`, naming who and why (there is
    no contest; the GM rules). A downed side can no longer win an opposed roll"."""
    game.ok("damage", "Brute", "10", "--apply")  # 10 HP: down at 0
    refused = game.error("competition", "Quick", "Brute", *extra)
    assert refused["code"] == "cannot-act"
    assert "Brute" in refused["message"] and "down" in refused["message"]
    assert "no contest" in refused["message"]
    game.ok("heal", "Brute", "1", "--apply")
    assert game.result("competition", "Quick", "Brute", "--rolls", "1,20")["winner"] == "Brute"
