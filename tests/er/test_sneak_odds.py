"""``erc sneak --odds`` (issue 5): exact odds checked against brute-force enumeration of
every dice sequence of the sneak resolver itself (the second Perception die, the attack,
the shock save and its d3), and against 20,000 seeded resolutions."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from erc.core.dice import Dice, SeededSource
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.odds.sneak import attack_odds, p_noticed, shock_odds, sneak_odds
from erc.rulesets.er.rules.sneak import SneakSetup, prepare, resolve
from tests.conftest import conditioned
from tests.er.test_attack import BOW, DAGGER, fighter
from tests.er.test_attack_odds import CHI2_999, _Need, _Script, chi_square

SLASHING = frozenset({"slashing"})


@dataclass
class Truth:
    distribution: dict[int, Fraction]
    p_hit: Fraction
    p_sneak_die: Fraction
    p_shock: Fraction
    p_incapacitated: Fraction


def brute_force(setup: SneakSetup) -> Truth:
    """Every sequence of faces ``resolve`` can draw, each weighing 1 / (product of sides)."""
    distribution: dict[int, Fraction] = defaultdict(Fraction)
    p = {"hit": Fraction(0), "kept": Fraction(0), "shock": Fraction(0), "out": Fraction(0)}
    stack: list[tuple[tuple[int, ...], int]] = [((), 1)]
    while stack:
        faces, sides = stack.pop()
        try:
            result = resolve(Dice(_Script(faces)), setup)
        except _Need as need:
            stack += [((*faces, f), sides * need.sides) for f in range(1, need.sides + 1)]
            continue
        weight = Fraction(1, sides)
        assert result.damage is not None and result.shock is not None
        distribution[result.damage] += weight
        p["hit"] += weight * any(s.hits for s in result.strikes)
        p["kept"] += weight * bool(result.sneak.sneak_die)
        p["shock"] += weight * result.shock.triggered
        p["out"] += weight * (result.shock.incapacitated_actions > 0)
    return Truth(dict(sorted(distribution.items())), p["hit"], p["kept"], p["shock"], p["out"])


def victim(body: int = 100, **more: Any) -> Combatant:
    return Combatant("Victim", ac=more.pop("ac", 12), body_max=body, body=body, **conditioned(more))


def cases() -> dict[str, SneakSetup]:
    """Small enough to enumerate every face (about 16,000 sequences each)."""
    return {
        # R6.3: the check is made on 19 faces of 20: both branches of the mix matter
        "melee, second check": prepare(
            fighter(weapons=(DAGGER,)), victim(), stealth_dc=2, advantage_damage="none"
        ),
        # R6.5: 3 hits + 1 = 4 reaches half of Body 8: the shock save and its d3
        "ranged, shock": prepare(
            fighter(weapons=(BOW,)), victim(body=8, ac=20), advantage_damage="none"
        ),
    }


CASES = cases()


@pytest.mark.parametrize("name", list(CASES))
def test_exact_odds_equal_brute_force(name: str) -> None:
    """Issue 5: "exact odds as for attack", equal to brute force (exactly), the branches of
    the second Perception check mixed by their probability, and the shock's chance."""
    setup = CASES[name]
    truth = brute_force(setup)
    odds, noticed = attack_odds(setup)
    assert odds.distribution == truth.distribution and odds.p_hit == truth.p_hit
    assert 1 - noticed == truth.p_sneak_die
    assert shock_odds(setup.victim, odds.distribution) == (truth.p_shock, truth.p_incapacitated)
    assert truth.p_shock > 0 if name == "ranged, shock" else truth.p_sneak_die < 1


def test_p_noticed_by_hand() -> None:
    """R6.3 with R4.2 and R1.3: DC 15 at +0 is made on 6 faces; asleep +3 (DC 18): 3 faces;
    asleep and blind (DC 21): only a raw 20; an unconscious victim never; no stealth DC, no
    check."""
    dagger = fighter(weapons=(DAGGER,))

    def noticed(*conditions: str, dc: int | None = 15) -> Fraction:
        return p_noticed(prepare(dagger, victim(conditions=frozenset(conditions)), stealth_dc=dc))

    assert noticed() == Fraction(6, 20)
    assert noticed("asleep") == Fraction(3, 20)
    assert noticed("asleep", "blind") == Fraction(1, 20)
    assert noticed("unconscious") == 0
    assert noticed(dc=None) == 0


def test_shock_odds_by_hand() -> None:
    """R6.5: half the damage 0, half 4 against Body 8 (threshold 4): the save against
    Comp 9 at +0 fails on 8 faces of 20: P(incapacitated) = 1/2 * 8/20 = 1/5."""
    half = {0: Fraction(1, 2), 4: Fraction(1, 2)}
    assert shock_odds(victim(body=8), half) == (Fraction(1, 2), Fraction(1, 5))


def test_drop_has_no_shock_now() -> None:
    """R6.5: held damage does not shock when held: ``p_shock`` 0 with ``--drop``."""
    setup = prepare(fighter(weapons=(BOW,)), victim(body=2), drop=True)
    shaped = sneak_odds(setup)
    assert shaped["p_shock"] == 0 and shaped["exact"]["p_incapacitated"] == "0/1"
    assert shaped["exact"]["p_sneak_die"] == "1/1"


def statistical_cases() -> dict[str, SneakSetup]:
    return {
        "crit style, second check, d3": prepare(
            fighter(pools={"primary": 2}, weapons=(DAGGER,), styles=SLASHING),
            victim(body=12, ac=15, scores={"perception": 4}),
            stealth_dc=14,
        ),
        "ranged, shock, d3": prepare(
            fighter(pools={"primary": 2}, weapons=(BOW,)), victim(body=10)
        ),
    }


STATISTICAL = statistical_cases()


@pytest.mark.parametrize("name", list(STATISTICAL))
def test_exact_odds_match_20000_seeded_resolutions(name: str) -> None:
    """Issue 5: exact odds agree with 20,000 seeded resolutions: the damage histogram by
    chi-square (99.9th percentile); the sneak die kept, the shock and the incapacitation by
    their binomial bounds."""
    setup = STATISTICAL[name]
    odds, noticed = attack_odds(setup)
    p_shock, p_out = shock_odds(setup.victim, odds.distribution)
    source = SeededSource(5_000 + len(name))
    n = 20_000
    counts: Counter[int] = Counter()
    seen = Counter[str]()
    for _ in range(n):
        result = resolve(Dice(source), setup)
        assert result.damage is not None and result.shock is not None
        counts[result.damage] += 1
        seen["kept"] += bool(result.sneak.sneak_die)
        seen["shock"] += result.shock.triggered
        seen["out"] += result.shock.incapacitated_actions > 0
    statistic, df = chi_square(counts, dict(odds.distribution), n)
    assert df >= 1 and statistic < CHI2_999[df], (statistic, df)
    for key, p in (("kept", 1 - noticed), ("shock", p_shock), ("out", p_out)):
        q = float(p)
        assert abs(seen[key] / n - q) < 3.3 * (q * (1 - q) / n) ** 0.5 + 1e-9, key


def test_seven_dice_sneak_odds() -> None:
    """Five skill dice, the advantage die and the sneak die (R1.4), mixed with the six-die
    branch of a made second check, without enumerating 20^7 faces."""
    setup = prepare(
        fighter(pools={"primary": 5}, weapons=(DAGGER,), styles=SLASHING),
        victim(body=20, ac=16),
        stealth_dc=12,
    )
    shaped = sneak_odds(setup)  # its speed is measured by `make bench`, not asserted here
    assert abs(sum(shaped["distribution"].values()) - 1) < 1e-12
    assert shaped["exact"]["p_sneak_die"] == "11/20"  # the check at +0 is made on 12-20


def test_r6_5_shock_odds_follow_the_literal_rule() -> None:
    """R6.5: the odds count a shock only where the resolver does: 2 x damage >= maximum Body
    (Body 9: 5, not 4) and the victim still up."""
    from fractions import Fraction

    nine = Combatant("Victim", ac=12, body_max=9, body=9)
    p_shock, _ = shock_odds(nine, {4: Fraction(1, 2), 5: Fraction(1, 2)})
    assert p_shock == Fraction(1, 2)
    wounded = Combatant("Victim", ac=12, body_max=9, body=5)  # 5 damage leaves it at 0 Body
    assert shock_odds(wounded, {5: Fraction(1)}) == (Fraction(0), Fraction(0))
