"""``erc perceive`` (RULES.md R2.3, seed 000 "Perception"): one Perception check."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from erc.core.dice import Dice, Mode, PhysicalSource, SeededSource
from erc.core.errors import ErcError
from erc.core.model import Condition
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.surprise import Awareness, perceive
from tests.conftest import encounter_path

AMBUSH = encounter_path("ambush.yaml")


def scout(*conditions: str, **kwargs: Any) -> Combatant:
    return Combatant(
        "Scout",
        ac=12,
        body_max=10,
        body=10,
        scores={"perception": 6},  # R1.2: modifier +2
        conditions=tuple(Condition(c) for c in sorted(conditions)),
        **kwargs,
    )


def forced(who: Combatant, *values: int, **kwargs: Any) -> Awareness:
    source = PhysicalSource(list(values))
    result = perceive(Dice(source), who, **kwargs)
    source.check_all_used()
    return result


def test_r2_3_d20_plus_perception_modifier_against_base_dc_14() -> None:
    """R2.3: "d20 + Perception **modifier** + situational modifiers against a DC (default
    14)"; seed 000: "For things that do not generate their own DC ... a base DC used is 14"."""
    noticed = forced(scout(), 12)
    assert (noticed.roll, noticed.modifier, noticed.total, noticed.dc) == (12, 2, 14, 14)
    assert noticed.success and noticed.penalties == ()
    assert not forced(scout(), 11).success
    assert forced(scout(), 16, dc=18).success and not forced(scout(), 15, dc=18).success


def test_r2_3_actively_scanning_is_plus_4_on_the_roll() -> None:
    """R2.3: "Actively scanning: +4 on the roll"; seed 000: "a +4 bonus would be used on the
    roll"."""
    scanning = forced(scout(), 8, scan=True)
    assert (scanning.modifier, scanning.total, scanning.dc, scanning.success) == (6, 14, 14, True)
    assert not forced(scout(), 8).success


def test_r1_5_advantage_and_disadvantage_keep_the_better_or_worse() -> None:
    """R1.5: "Advantage on a single-die roll (save, feat, Perception, ...): roll two, keep the
    better; disadvantage: keep the worse"."""
    better = forced(scout(), 3, 15, mode=Mode.ADVANTAGE)
    assert (
        [(d.value, d.kept) for d in better.dice],
        better.roll,
        better.advantage,
        better.success,
    ) == (
        [(3, False), (15, True)],
        15,
        "advantage",
        True,
    )
    worse = forced(scout(), 3, 15, mode=Mode.DISADVANTAGE)
    assert (worse.roll, worse.success) == (3, False)


def test_r1_3_raw_20_and_raw_1() -> None:
    """R1.3: on a Perception check "raw 20 succeeds, raw 1 fails"."""
    assert forced(scout(), 20, dc=40).success
    assert not forced(scout(modifiers={"perception": 30}), 1).success


def test_r4_2_conditions_raise_the_dc_as_for_surprise() -> None:
    """R4.2 (the restriction types the chapter describes for any Perception check): asleep
    -3, "Blind or deaf: -3 (once, not -6 for both)", reported as the effective DC; R4.4: a
    sleeper's check to wake is "DC 17"."""
    sleeper = forced(scout("asleep"), 15)
    assert (sleeper.dc, sleeper.base_dc, sleeper.total, sleeper.success) == (17, 14, 17, True)
    both = forced(scout("blind", "deaf"), 15, dc=10)
    assert both.dc == 13 and [p.why for p in both.penalties] == ["blind and deaf"]
    assert forced(scout("asleep", "blind"), 15).dc == 20


def test_who_cannot_perceive_rolls_nothing_and_fails() -> None:
    """R4 is silent on the unconscious; erc: an unconscious or petrified combatant notices
    nothing, with no die drawn."""
    out = forced(scout("unconscious"))
    assert (out.roll, out.dice, out.success, out.no_roll) == (None, (), False, "unconscious")


@pytest.mark.parametrize("condition", ["asleep", "unconscious", "petrified"])
def test_a_sleeper_cannot_actively_scan(condition: str) -> None:
    """Seed 000: scanning is what "a player might ask" for; one asleep cannot."""
    with pytest.raises(ErcError) as caught:
        forced(scout(condition), 10, scan=True)
    assert caught.value.code == "bad-option" and condition in caught.value.message


def test_disadvantage_kept_die_matches_the_exact_distribution() -> None:
    """R1.5 over many seeds: at disadvantage the kept die shows k with probability
    (41 - 2k)/400 (chi-square, 19 df, 99.9th percentile 43.82)."""
    runs = 8_000
    kept = Counter(
        perceive(Dice(SeededSource(seed)), scout(), mode=Mode.DISADVANTAGE).roll
        for seed in range(runs)
    )
    stat = sum(
        (kept[k] - runs * (41 - 2 * k) / 400) ** 2 / (runs * (41 - 2 * k) / 400)
        for k in range(1, 21)
    )
    assert stat < 43.82


# --- the command line -------------------------------------------------------------------


def test_cli_json_and_rolls(erc) -> None:  # type: ignore[no-untyped-def]
    """Mira (ambush.yaml): Perception modifier +2 given, asleep and deaf: DC 14 + 3 + 3."""
    ran = erc("perceive", "-e", AMBUSH, "mira", "--rolls", "17", "--json")
    assert ran.code == 0, ran.err
    document = ran.json
    assert document["command"] == "perceive"
    assert document["rolls"] == [{"die": 20, "value": 17, "for": "Mira perception"}]
    result = document["result"]
    assert {k: result[k] for k in ("name", "roll", "dc", "success", "modifier", "total")} == {
        "name": "Mira",
        "roll": 17,
        "dc": 20,
        "success": False,
        "modifier": 2,
        "total": 19,
    }
    assert result["base_dc"] == 14 and result["penalties"] == [
        {"why": "asleep", "dc": 3},
        {"why": "deaf", "dc": 3},
    ]


def test_cli_dc_scan_and_advantage(erc) -> None:  # type: ignore[no-untyped-def]
    """Vessa: Perception 4 (+1). `--dc 20 --scan --advantage`: 2 and 15 keep 15, 15+1+4 = 20."""
    ran = erc(
        "perceive", "-e", AMBUSH, "Vessa", "--dc", "20", "--scan", "--advantage",
        "--rolls", "2,15", "--json",
    )  # fmt: skip
    result = ran.json["result"]
    assert result["dice"] == [
        {"die": 20, "value": 2, "kept": False},
        {"die": 20, "value": 15, "kept": True},
    ]
    assert (result["roll"], result["total"], result["success"]) == (
        15,
        20,
        True,
    )
    assert result["scan"] is True and result["advantage"] == "advantage"
    both = erc("perceive", "-e", AMBUSH, "Vessa", "--advantage", "--disadvantage", "--json")
    assert both.code == 0 and len(both.json["rolls"]) == 1  # R1.5: together they cancel


def test_cli_human_output(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("perceive", "-e", AMBUSH, "Thorin", "--rolls", "17")
    assert ran.code == 0
    assert "Thorin" in ran.out and "success" in ran.out and "asleep +3" in ran.out


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["Nobody"], "unknown-combatant"),
        (["Bandit"], "ambiguous-combatant"),
        (["Thorin", "--scan"], "bad-option"),
        (["Vessa", "--dc", "101"], "usage"),
        (["Vessa", "--rolls", "21"], "bad-rolls"),
        ([], "usage"),
    ],
)
def test_cli_bad_input_exits_2(erc, args: list[str], code: str) -> None:  # type: ignore[no-untyped-def]
    ran = erc("perceive", "-e", AMBUSH, "--json", *args)
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == code
