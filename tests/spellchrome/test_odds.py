"""``attack --odds`` and ``sneak --odds`` on Spellchrome files (issue 16): "the hit chance and
damage distribution of an attack (exact, damage dice and DR included)", checked against
brute-force enumeration of every die through the resolver itself, and against many seeded
attacks (issue 16 "Done when": "Exact odds agree with many seeded attacks")."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, SeededSource
from erc.core.encounter import parse
from erc.rulesets.spellchrome.model import Encounter
from erc.rulesets.spellchrome.odds.attack import exact
from erc.rulesets.spellchrome.odds.dice import distribution
from erc.rulesets.spellchrome.rules.attack import AttackPlan, plan_attack, resolve
from tests.spellchrome.support import HEADER, table

FILE = (
    HEADER
    + """combatants:
  - {name: Vex, hp: 22, abilities: {strength: 12, dexterity: 16}, bab: {melee: 3, ranged: [6, 1]},
     weapons: [{name: Ceburx 44, kind: ranged, damage: 2d10, range: 60},
               {name: knife, kind: thrown, damage: 1d4, range: 10},
               {name: stub, kind: melee, damage: 1d4-2}]}
  - {name: Chrome, hp: 30, abilities: {dexterity: 12},
     armor: {bonus: 4, dr: d6, ex_hp: 10, ex_hp_current: 6}}
  - {name: Small, hp: 30, armor: {bonus: 1, dr: d3, ex_hp: 2}}
"""
)


def encounter() -> Encounter:
    found = parse(FILE, "odds.yaml")
    assert isinstance(found, Encounter)
    return found


def plan(**options: Any) -> AttackPlan:
    enc = encounter()
    target = options.pop("target", "Chrome")
    return plan_attack(enc.get("Vex"), enc.get(target), **options)


class _Need(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Prefix:
    """A source that plays a fixed prefix and asks for the next die by raising."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix, self.used = prefix, 0

    def draw(self, sides: int, purpose: str) -> int:
        if self.used == len(self.prefix):
            raise _Need(sides)
        self.used += 1
        return self.prefix[self.used - 1]


def brute_force(p: AttackPlan) -> tuple[Fraction, dict[int, Fraction]]:
    """Every sequence of dice the resolver can draw, each resolved by ``resolve`` itself."""
    hit = Fraction(0)
    damage: Counter[int] = Counter()
    weights: dict[int, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        prefix, weight = stack.pop()
        try:
            result = resolve(Dice(_Prefix(prefix)), p)
        except _Need as need:
            share = weight / need.sides
            stack += [([*prefix, face], share) for face in range(1, need.sides + 1)]
            continue
        if any(a.hit for a in result.attacks):
            hit += weight
        assert result.damage is not None
        weights[result.damage] = weights.get(result.damage, Fraction(0)) + weight
        damage[result.damage] += 1
    return hit, {k: v for k, v in sorted(weights.items())}


@pytest.mark.parametrize(
    "options",
    [
        {"weapon": "knife"},  # 1d4 + Str, DR d6 rolled at the first hit, EX-HP 6 first
        {"weapon": "knife", "full": True},  # the DR kept for the second attack
        {"weapon": "knife", "full": True, "distance": 25},  # -6 and halved, the minimum of 1
        {"weapon": "stub", "target": "Small", "full": False, "touch": True},  # minimum of 1
        {"weapon": "knife", "target": "Small", "full": True, "damage_mod": 3},
    ],
)
def test_exact_odds_equal_brute_force_through_the_resolver(options: dict[str, Any]) -> None:
    """Every d20, damage die and DR die enumerated through `resolve`: the exact odds are the
    same fractions."""
    p = plan(**options)
    hit, weights = brute_force(p)
    odds = exact(p)
    assert odds.p_hit == hit
    assert dict(odds.distribution) == {k: v for k, v in weights.items() if v}
    assert sum(odds.distribution.values()) == 1


def test_the_dr_rolled_this_round_is_in_the_odds(erc: Any, tmp_path: Path) -> None:
    """SC8.1 in the odds: once the round's DR is rolled, every later hit meets that value."""
    vex = (
        "  - {name: Vex, hp: 22, bab: {ranged: 6},"
        " weapons: [{name: sling, kind: ranged, damage: 1d4, range: 30}]}"
    )
    game = table(erc, tmp_path, vex, "  - {name: Chrome, hp: 30, armor: {dr: d6}}")
    before = game.result("attack", "Vex", "Chrome", "--odds")["odds"]
    assert set(before["distribution"]) == {"0", "1", "2", "3"}
    game.ok("roll-init", "--apply", "--seed", "1")
    game.ok("attack", "Vex", "Chrome", "--rolls", "15,1,6", "--apply")
    after = game.result("attack", "Vex", "Chrome", "--odds")["odds"]
    assert after["distribution"] == {"0": 1.0} and after["expected_damage"] == 0


def test_distribution_of_dice_expressions() -> None:
    """The odds' dice: sums convolved; keep terms enumerated through the roller."""
    assert distribution("2d10")[11] == Fraction(10, 100)
    assert distribution("1d6+1") == {k: Fraction(1, 6) for k in range(2, 8)}
    kept = distribution("2d20kh1")
    assert kept[20] == Fraction(39, 400) and sum(kept.values()) == 1
    assert distribution("3") == {3: Fraction(1)}


def test_exact_odds_agree_with_many_seeded_attacks() -> None:
    """Issue 16: "Exact odds agree with many seeded attacks (a statistical test)": a full
    attack with 2d10 against DR d6 and EX-HP, 5,000 seeded resolutions; every frequency
    within 4.5 binomial standard errors of its exact probability (deterministic seeds)."""
    p = plan(full=True)
    odds = exact(p)
    runs = 5000
    hits = 0
    seen: Counter[int] = Counter()
    total = 0
    for seed in range(runs):
        result = resolve(Dice(SeededSource(seed)), p)
        hits += any(a.hit for a in result.attacks)
        assert result.damage is not None
        seen[result.damage] += 1
        total += result.damage

    def close(observed: float, expected: float) -> bool:
        return abs(observed - expected) <= 4.5 * math.sqrt(expected * (1 - expected) / runs) + 1e-9

    assert close(hits / runs, float(odds.p_hit))
    for damage, probability in odds.distribution.items():
        assert close(seen[damage] / runs, float(probability)), damage
    assert set(seen) <= set(odds.distribution)
    mean = float(odds.expected_damage)
    variance = float(sum(p * (d - odds.expected_damage) ** 2 for d, p in odds.distribution.items()))
    assert abs(total / runs - mean) <= 4.5 * math.sqrt(variance / runs)


def test_odds_through_the_cli_are_the_exact_fractions(erc: Any, tmp_path: Path) -> None:
    """CONTRACT `--odds`: `{p_hit, expected_damage, distribution}` as floats, `exact` as
    "p/q"; `sneak --odds` includes the drop's +4 and the flat-footed AC."""
    path = tmp_path / "odds.yaml"
    path.write_text(FILE)
    ran = erc("attack", "Vex", "Chrome", "--full", "--odds", "--json", "-e", path,
              "--journal", tmp_path / "j.jsonl")  # fmt: skip
    odds = ran.json["result"]["odds"]
    expected = exact(plan(full=True))
    assert odds["exact"]["p_hit"] == f"{expected.p_hit.numerator}/{expected.p_hit.denominator}"
    assert math.isclose(odds["expected_damage"], float(expected.expected_damage))
    assert set(odds["distribution"]) == {str(k) for k in expected.distribution}
    sneak = erc("sneak", "Vex", "Chrome", "--odds", "--json", "-e", path,
                "--journal", tmp_path / "j.jsonl").json["result"]["odds"]  # fmt: skip
    plain = erc("attack", "Vex", "Chrome", "--odds", "--json", "-e", path,
                "--journal", tmp_path / "j.jsonl").json["result"]["odds"]  # fmt: skip
    assert sneak["p_hit"] > plain["p_hit"]
    assert sneak["exact"]["p_hit"] == str(exact(plan(sneak=True)).p_hit)


def test_odds_too_costly_to_walk_are_a_clean_error(erc: Any, tmp_path: Path) -> None:
    """Bad input is exit 2 with a clear message: odds that would take too long are refused
    (`odds-too-costly`), and the attack still rolls without `--odds`."""
    giant = (
        "  - {name: Giant, hp: 10, bab: {melee: [9, 4, -1]},"
        " weapons: [{name: maul, kind: melee, damage: 10d100}]}"
    )
    game = table(erc, tmp_path, giant, "  - {name: Wall, hp: 900, armor: {dr: d6}}")
    error = game.error("attack", "Giant", "Wall", "--full", "--odds")
    assert error["code"] == "odds-too-costly"
    assert game.ok("attack", "Giant", "Wall", "--full", "--seed", "1")["result"]["resolved"]
    assert game.error("roll-init", "--odds")["code"] == "usage"
