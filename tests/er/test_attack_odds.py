"""``erc attack --odds`` (issue 4): exact odds checked against brute-force enumeration of
every dice outcome of the resolver itself, and against 20,000 seeded resolutions."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

import pytest

from erc.core.dice import Dice, Mode, SeededSource
from erc.rulesets.er.odds.attack import AttackOdds, contract, exact, mix
from erc.rulesets.er.rules.attack import AttackPlan, plan_attack, resolve
from tests.er.test_attack import BOW, DAGGER, GLADIUS, fighter, goblin

SLASHING = frozenset({"slashing"})


class _Need(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Script:
    """A source that replays a prefix of faces and stops at the first die beyond it."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.used = 0

    def draw(self, sides: int, purpose: str) -> int:
        if self.used == len(self.faces):
            raise _Need(sides)
        self.used += 1
        return self.faces[self.used - 1]


def brute_force(plan: AttackPlan) -> AttackOdds:
    """Every sequence of faces the resolver can draw, each with its exact probability
    (1 over the product of the dice's sides: counted per product, summed exactly at the
    end)."""
    damage_counts: dict[int, Counter[int]] = defaultdict(Counter)  # sides product -> damage
    hit_counts: Counter[int] = Counter()
    stack: list[tuple[tuple[int, ...], int]] = [((), 1)]
    while stack:
        faces, sides = stack.pop()
        try:
            result = resolve(Dice(_Script(faces)), plan)
        except _Need as need:
            stack += [((*faces, f), sides * need.sides) for f in range(1, need.sides + 1)]
            continue
        assert result.damage is not None
        damage_counts[sides][result.damage] += 1
        hit_counts[sides] += any(d.hit for s in result.strikes for d in s.dice)
    distribution: dict[int, Fraction] = defaultdict(Fraction)
    for sides, counts in damage_counts.items():
        for damage, count in counts.items():
            distribution[damage] += Fraction(count, sides)
    p_hit = sum((Fraction(c, sides) for sides, c in hit_counts.items()), Fraction(0))
    return AttackOdds(p_hit, dict(sorted(distribution.items())))


def cases() -> dict[str, AttackPlan]:
    """The issue's list, plus multi-strike, split and crit combinations."""
    two = {"primary": 1, "off": 1}
    return {
        "one die": plan_attack(fighter(), [goblin(ac=14)]),
        "three dice": plan_attack(fighter(pools={"primary": 3}), [goblin(ac=15)]),
        "advantage": plan_attack(fighter(), [goblin(ac=13)], mode=Mode.ADVANTAGE),
        "disadvantage from one die": plan_attack(
            fighter(), [goblin(ac=11)], mode=Mode.DISADVANTAGE
        ),
        "crit style, two dice": plan_attack(
            fighter(pools={"primary": 2}, styles=SLASHING), [goblin(ac=16)]
        ),
        "resistant target": plan_attack(
            fighter(pools={"primary": 2}), [goblin(ac=12, resist=frozenset({"edged"}))]
        ),
        "two strikes, resist and vulnerable targets, advantage": plan_attack(
            fighter(pools=two, weapons=(GLADIUS, DAGGER)),
            [goblin("A", vulnerable=frozenset({"edged"})), goblin("B", immune=frozenset({"x"}))],
            mode=Mode.ADVANTAGE,
        ),
        "split crit pool at disadvantage": plan_attack(
            fighter(pools={"primary": 2}, styles=SLASHING),
            [goblin("A", ac=9), goblin("B", ac=17)],
            split=("primary", (1, 1)),
            mode=Mode.DISADVANTAGE,
            advantage_damage="none",  # the d3 on two targets: the case above
        ),
        "crit, then an off strike on the same target": plan_attack(
            fighter(pools={"primary": 2, "off": 1}, weapons=(GLADIUS, DAGGER), styles=SLASHING),
            [goblin(ac=14, resist=frozenset({"piercing"}))],
        ),
        "ranged at a large target": plan_attack(
            fighter(pools={"primary": 2}, weapons=(BOW,), styles=SLASHING),
            [goblin(ac=18, size="large")],
        ),
    }


CASES = cases()


@pytest.mark.parametrize("name", list(CASES))
def test_exact_odds_equal_brute_force(name: str) -> None:
    """Issue 4: "Exact odds agree with brute force (exactly)"."""
    plan = CASES[name]
    odds, truth = exact(plan), brute_force(plan)
    assert odds.distribution == truth.distribution
    assert odds.p_hit == truth.p_hit
    assert sum(odds.distribution.values()) == 1


# 99.9th percentile of chi-square by degrees of freedom.
CHI2_999 = {
    1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
    9: 27.88, 10: 29.59, 11: 31.26, 12: 32.91, 13: 34.53, 14: 36.12, 15: 37.70,
    16: 39.25, 17: 40.79, 18: 42.31, 19: 43.82, 20: 45.31,
}  # fmt: skip


def chi_square(
    counts: Counter[int], distribution: dict[int, Fraction], n: int
) -> tuple[float, int]:
    """The statistic and its degrees of freedom, neighbouring bins merged until each
    expects at least 5."""
    bins: list[tuple[float, int]] = []
    expected, observed = 0.0, 0
    for damage, p in sorted(distribution.items()):
        expected += float(p) * n
        observed += counts.pop(damage, 0)
        if expected >= 5:
            bins.append((expected, observed))
            expected, observed = 0.0, 0
    assert not counts, f"outcomes the exact odds call impossible: {counts}"
    if expected or observed:
        last_e, last_o = bins.pop()
        bins.append((last_e + expected, last_o + observed))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    return statistic, len(bins) - 1


STATISTICAL = [
    "one die",
    "three dice",
    "advantage",
    "disadvantage from one die",
    "crit style, two dice",
    "resistant target",
    "two strikes, resist and vulnerable targets, advantage",
]


@pytest.mark.parametrize("name", STATISTICAL)
def test_exact_odds_match_20000_seeded_resolutions(name: str) -> None:
    """Issue 4: exact odds agree "with 20,000 seeded resolutions (statistically)": the
    damage histogram against the exact distribution (chi-square, 99.9th percentile)."""
    plan = CASES[name]
    odds = exact(plan)
    source = SeededSource(20_000 + len(name))
    n = 20_000
    counts: Counter[int] = Counter()
    hits = 0
    for _ in range(n):
        result = resolve(Dice(source), plan)
        assert result.damage is not None
        counts[result.damage] += 1
        hits += any(s.hits for s in result.strikes)
    statistic, df = chi_square(counts, dict(odds.distribution), n)
    assert df >= 1 and statistic < CHI2_999[df], (statistic, df)
    p = float(odds.p_hit)
    assert abs(hits / n - p) < 3.3 * (p * (1 - p) / n) ** 0.5 + 1e-9


def test_odds_by_hand_one_die() -> None:
    """seed 000's gladius (R5.4: 1 + 1 + 1 = 3) against AC 14: hits on 10+, 11 faces of 20."""
    odds = exact(CASES["one die"])
    assert odds.distribution == {0: Fraction(9, 20), 3: Fraction(11, 20)}
    assert odds.p_hit == Fraction(11, 20) and odds.expected_damage == Fraction(33, 20)


def test_odds_by_hand_disadvantage_from_one_die() -> None:
    """R1.5 (2d20 keep lower) and R1.6 (minus d3, never below 0) against AC 11: a die hits
    on 7+ (14/20), both must: 49/100; then 3 - d3 is 2, 1 or 0."""
    odds = exact(CASES["disadvantage from one die"])
    third = Fraction(49, 100) / 3
    assert odds.distribution == {0: Fraction(51, 100) + third, 1: third, 2: third}


def test_mix_weighs_branches() -> None:
    """``mix``: the odds of an attack reached through disjoint branches (a sneak attack's
    second Perception check keeps or loses the sneak die)."""
    a = AttackOdds(Fraction(1, 2), {0: Fraction(1, 2), 3: Fraction(1, 2)})
    b = AttackOdds(Fraction(1), {4: Fraction(1)})
    mixed = mix([(Fraction(1, 4), a), (Fraction(3, 4), b)])
    assert mixed.p_hit == Fraction(7, 8)
    assert mixed.distribution == {0: Fraction(1, 8), 3: Fraction(1, 8), 4: Fraction(3, 4)}


def test_contract_shape() -> None:
    """CONTRACT `--odds`: `{p_hit, expected_damage, distribution}`, floats, `exact` as
    "p/q" strings, distribution keys as strings."""
    shaped = contract(exact(CASES["one die"]))
    assert shaped["p_hit"] == 0.55 and shaped["distribution"] == {"0": 0.45, "3": 0.55}
    assert shaped["exact"] == {
        "p_hit": "11/20",
        "expected_damage": "33/20",
        "distribution": {"0": "9/20", "3": "11/20"},
    }


def test_seven_dice_odds_are_fast() -> None:
    """A seven-die attack (5 skill dice, advantage, a sneak die; crit style; resistant
    target) without enumerating 20^7 outcomes: its distribution sums to 1 and its mean
    matches the resolver's over many seeded runs."""
    plan = plan_attack(
        fighter(pools={"primary": 5}, styles=SLASHING),
        [goblin(ac=15, resist=frozenset({"edged"}))],
        mode=Mode.ADVANTAGE,
        extra_primary_dice=1,
        extra_label="sneak",
    )
    odds = exact(plan)  # its speed is measured by `make bench`, not asserted here
    assert plan.strikes[0].n_dice == 7 and sum(odds.distribution.values()) == 1
    source = SeededSource(7)
    n = 4000
    total = 0
    for _ in range(n):
        damage = resolve(Dice(source), plan).damage
        assert damage is not None and damage in odds.distribution
        total += damage
    mean = float(odds.expected_damage)
    var = float(sum((d - odds.expected_damage) ** 2 * p for d, p in odds.distribution.items()))
    assert abs(total / n - mean) < 4 * (var / n) ** 0.5
