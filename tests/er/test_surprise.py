"""Surprise (RULES.md R4, seed 000 "Surprise"): ``erc roll-init --surprise``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, PhysicalSource, SeededSource
from erc.core.model import Condition
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.initiative import Initiative, roll_init
from erc.rulesets.er.rules.surprise import Awareness, SurpriseSetup, surprise
from tests.conftest import encounter_path

AMBUSH = encounter_path("ambush.yaml")
STEALTH = encounter_path("stealth.yaml")


def fighter(name: str, *conditions: str, **kwargs: Any) -> Combatant:
    return Combatant(
        name,
        ac=12,
        body_max=10,
        body=10,
        conditions=tuple(Condition(c) for c in sorted(conditions)),
        **kwargs,
    )


def forced(
    combatants: list[Combatant], setup: SurpriseSetup, *values: int
) -> tuple[Initiative, Dice]:
    source = PhysicalSource(list(values))
    dice = Dice(source)
    result = roll_init(dice, combatants, setup=setup)
    source.check_all_used()
    return result, dice


def checks(result: Initiative) -> dict[str, Awareness]:
    return {c.name: c for c in result.perception}


def test_r4_1_the_trigger_is_aware_and_rolls_nothing() -> None:
    """R4.1: "The creature whose act starts the fight is aware"; seed 000: "Obviously, the
    one took the action is automatically aware"."""
    group = [fighter("Archer"), fighter("Guard")]
    result, dice = forced(group, SurpriseSetup("Archer"), 15, 4, 9)
    assert list(checks(result)) == ["Guard"]
    assert "Archer" not in result.surprised and result.trigger == "Archer"
    assert [r.purpose for r in dice.rolls] == [
        "Guard surprise perception",
        "Archer initiative",
        "Guard initiative",
    ]
    assert {p.name: p.status for p in result.order} == {"Archer": "acts", "Guard": "acts"}


def test_r4_2_everyone_else_one_d20_against_dc_14() -> None:
    """R4.2 / seed 000: "All others who have no restrictions use the DC:14 default, with of
    course only one d20"."""
    group = [fighter("T"), fighter("A"), fighter("B"), fighter("Keen", modifiers={"perception": 2})]
    result, _ = forced(group, SurpriseSetup("T"), 14, 13, 12, 1, 2, 3, 4)
    seen = checks(result)
    assert all(c.dc == 14 and c.base_dc == 14 and len(c.dice) == 1 for c in seen.values())
    assert [seen[n].success for n in ("A", "B", "Keen")] == [True, False, True]  # 12 + 2 = 14
    assert result.surprised == ("B",)


def test_r4_2_foreknowledge_is_advantage_against_dc_10() -> None:
    """R4.2 / seed 000: "Those who had foreknowledge the trigger would happen are allowed to
    roll the Perception at advantage with the base being only DC:10"."""
    group = [fighter("T"), fighter("Ally"), fighter("Unlucky")]
    setup = SurpriseSetup("T", frozenset({"Ally", "Unlucky"}))
    result, dice = forced(group, setup, 4, 10, 9, 2, 5, 6, 7)
    ally, unlucky = checks(result)["Ally"], checks(result)["Unlucky"]
    assert ([d.value for d in ally.dice], ally.roll, ally.dc, ally.success) == (
        [4, 10],
        10,
        10,
        True,
    )
    assert ally.advantage == "advantage" and ally.foreknowledge
    # seed 000: "even those prepared can be caught off guard"
    assert ([d.value for d in unlucky.dice], unlucky.roll, unlucky.success) == ([9, 2], 9, False)
    assert [r.purpose for r in dice.rolls[:2]] == [
        "Ally surprise perception (advantage 1)",
        "Ally surprise perception (advantage 2)",
    ]


def test_r4_2_asleep_is_dc_17_in_effect_and_reported() -> None:
    """R4.2: "Asleep: -3 (DC 17 in effect) ... The result reports the effective DC (17 for a
    sleeper) and the kept die"; seed 000: "he or she would suffer -3 (or DC:17)"."""
    group = [fighter("T"), fighter("Sleeper", "asleep"), fighter("Dozer", "asleep")]
    result, _ = forced(group, SurpriseSetup("T"), 17, 16, 1, 2, 3)
    sleeper, dozer = checks(result)["Sleeper"], checks(result)["Dozer"]
    assert (sleeper.roll, sleeper.dc, sleeper.base_dc, sleeper.success) == (17, 17, 14, True)
    assert (dozer.roll, dozer.dc, dozer.success) == (16, 17, False)
    assert [(p.why, p.dc) for p in sleeper.penalties] == [("asleep", 3)]
    status = {p.name: (p.status, p.acts) for p in result.order}
    assert status["Sleeper"] == ("woke", True) and status["Dozer"] == ("surprised", False)


def test_r2_3_a_penalty_on_the_dc_is_the_same_as_on_the_roll() -> None:
    """R2.3: "Effects on the perceiver change the roll; external conditions change the DC;
    either way gives the same outcome": the asleep -3 reported as DC 17 decides exactly as
    -3 on the roll against 14 would."""
    for face in range(1, 21):
        (sleeper,) = surprise(
            Dice(PhysicalSource([face])), [fighter("T"), fighter("S", "asleep")], SurpriseSetup("T")
        ).perception
        on_the_roll = face == 20 or (face != 1 and face - 3 >= 14)
        assert sleeper.success == on_the_roll, face


def test_r4_2_a_sleeper_gets_no_roll_when_the_trigger_was_silent() -> None:
    """R4.2: "only if the trigger made noise, heat or smell (the default; `--silent` says it
    did not); otherwise no roll and surprised"."""
    group = [fighter("T"), fighter("Sleeper", "asleep"), fighter("Guard")]
    result, dice = forced(group, SurpriseSetup("T", noise=False), 15, 3, 4, 5)
    sleeper = checks(result)["Sleeper"]
    assert sleeper.roll is None and sleeper.dice == () and not sleeper.success
    assert sleeper.dc == 17 and sleeper.no_roll == "silent trigger"
    assert result.surprised == ("Sleeper",) and result.noise is False
    assert dice.rolls[0].purpose == "Guard surprise perception"


def test_r4_2_blind_or_deaf_is_minus_3_once() -> None:
    """R4.2: "Blind or deaf: -3 (once, not -6 for both)"."""
    group = [
        fighter("T"),
        fighter("Blind", "blind"),
        fighter("Deaf", "deaf"),
        fighter("Both", "blind", "deaf"),
        fighter("Deaf sleeper", "asleep", "deaf"),
    ]
    result, _ = forced(group, SurpriseSetup("T"), 17, 16, 17, 19, 1, 2, 3, 4, 5)
    seen = checks(result)
    assert [seen[n].dc for n in ("Blind", "Deaf", "Both", "Deaf sleeper")] == [17, 17, 17, 20]
    assert [p.why for p in seen["Both"].penalties] == ["blind and deaf"]
    assert [seen[n].success for n in ("Blind", "Deaf", "Both", "Deaf sleeper")] == [
        True,
        False,
        True,
        False,
    ]


def test_r1_3_raw_20_notices_whatever_the_dc() -> None:
    """R1.3: "The same holds for a ... Perception check (raw 20 succeeds, raw 1 fails)"."""
    group = [
        fighter("T"),
        fighter("Deaf sleeper", "asleep", "deaf"),
        fighter("Sharp", modifiers={"perception": 30}),
    ]
    result, _ = forced(group, SurpriseSetup("T"), 20, 1, 1, 2, 3)
    seen = checks(result)
    assert seen["Deaf sleeper"].success and seen["Deaf sleeper"].dc == 20
    assert not seen["Sharp"].success


def test_who_cannot_perceive_at_all_is_surprised_without_a_roll() -> None:
    """Seed 000: "Depending on one's state and restrictions will impact the difficulty";
    RULES R4 is silent on the unconscious: erc gives an unconscious or petrified combatant no
    roll (it notices nothing), and a paralysed one its roll (its senses work) while the order
    shows it cannot act. R3.5: the unconscious and the petrified are not standing, so they
    roll no initiative either: the d10s are T's and Held's only."""
    group = [
        fighter("T"),
        fighter("Out", "unconscious"),
        fighter("Stone", "petrified"),
        fighter("Held", "paralyzed"),
    ]
    result, dice = forced(group, SurpriseSetup("T"), 18, 1, 2)
    seen = checks(result)
    assert seen["Out"].no_roll == "unconscious" and seen["Stone"].no_roll == "petrified"
    assert seen["Held"].success and seen["Held"].roll == 18
    assert result.surprised == ("Out", "Stone")
    status = {p.name: (p.status, p.acts) for p in result.order}
    assert status["Held"] == ("paralyzed", False) and status["Out"] == ("surprised", False)
    assert sum(r.die == 20 for r in dice.rolls) == 1


def test_r4_3_and_r3_4_the_surprised_keep_their_place_but_do_not_act() -> None:
    """R4.3: "A failed check means surprised: no action, no movement and no reaction in
    round 1"; R3.4: "Surprised combatants (R4) still appear in the order for round 1, marked
    as unable to act or move". R4.3: "Not at disadvantage": their initiative is rolled and
    modified as anyone's."""
    group = [fighter("T"), fighter("Caught", scores={"agility": 6}), fighter("Ready")]
    result, _ = forced(group, SurpriseSetup("T"), 5, 14, 2, 9, 3)
    assert result.surprised == ("Caught",)
    first = result.order[0]
    assert (first.name, first.total, first.modifier, first.acts, first.status) == (
        "Caught",
        11,
        2,
        False,
        "surprised",
    )
    assert [p.name for p in result.order] == ["Caught", "Ready", "T"]


def test_r4_dice_order_perception_first_then_d10s_then_roll_offs() -> None:
    """CONTRACT "The order of dice": "with `--surprise`, the Perception dice first (file
    order; two dice for one at advantage); then one d10 per combatant in file order; then the
    roll-off d20s"."""
    group = [fighter("A"), fighter("T"), fighter("B"), fighter("C")]
    setup = SurpriseSetup("T", frozenset({"B"}))
    result, dice = forced(group, setup, 11, 6, 16, 2, 3, 7, 7, 2, 12, 4)
    assert [(r.die, r.purpose) for r in dice.rolls] == [
        (20, "A surprise perception"),
        (20, "B surprise perception (advantage 1)"),
        (20, "B surprise perception (advantage 2)"),
        (20, "C surprise perception"),
        (10, "A initiative"),
        (10, "T initiative"),
        (10, "B initiative"),
        (10, "C initiative"),
        (20, "T tie-break 1"),
        (20, "B tie-break 1"),
    ]
    assert [p.name for p in result.order] == ["T", "B", "A", "C"]
    assert result.surprised == ("A", "C")


def test_foreknowledge_kept_die_matches_the_exact_distribution() -> None:
    """R1.5: advantage on a single-die roll is "roll two, keep the better": over many seeds
    the kept die shows k with probability (2k - 1)/400 (chi-square, 19 df, 99.9th pct)."""
    runs = 8_000
    group = [fighter("T"), fighter("Ally")]
    setup = SurpriseSetup("T", frozenset({"Ally"}))
    kept = Counter(
        surprise(Dice(SeededSource(seed)), group, setup).perception[0].roll for seed in range(runs)
    )
    stat = sum(
        (kept[k] - runs * (2 * k - 1) / 400) ** 2 / (runs * (2 * k - 1) / 400) for k in range(1, 21)
    )
    assert stat < 43.82


# --- the command line -------------------------------------------------------------------


def test_cli_ambush_with_a_count_group_as_foreknowledge(erc) -> None:  # type: ignore[no-untyped-def]
    """The command in encounters/ambush.yaml: `--foreknowledge Bandit` names the whole
    `count: 3` group. Thorin (asleep) DC 17, Mira (asleep, deaf; Perception +2) DC 20, Brother
    Aldo DC 14, each Bandit at advantage against DC 10."""
    perception = [17, 19, 13, 12, 3, 2, 9, 1, 10]
    d10 = [5, 6, 2, 8, 9, 10, 1]  # totals 3, 7, 2, 11, 9, 10, 1
    ran = erc(
        "roll-init", "-e", AMBUSH, "--surprise", "--trigger", "vessa",
        "--foreknowledge", "Bandit", "--json", "--rolls", ",".join(map(str, perception + d10)),
    )  # fmt: skip
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["surprise"] is True and result["trigger"] == "Vessa" and result["noise"] is True
    rows = [(c["name"], c["roll"], c["dc"], c["success"]) for c in result["perception"]]
    assert rows == [
        ("Thorin", 17, 17, True),
        ("Mira", 19, 20, True),  # 19 + 2 = 21
        ("Brother Aldo", 13, 14, False),
        ("Bandit 1", 12, 10, True),
        ("Bandit 2", 9, 10, False),
        ("Bandit 3", 10, 10, True),
    ]
    assert result["surprised"] == ["Brother Aldo", "Bandit 2"]
    assert [[d["value"] for d in c["dice"]] for c in result["perception"][3:]] == [
        [12, 3],
        [2, 9],
        [1, 10],
    ]
    status = {p["name"]: (p["status"], p["acts"]) for p in result["order"]}
    assert status["Thorin"] == ("woke", True) and status["Bandit 2"] == ("surprised", False)
    assert len(result["order"]) == 7


def test_cli_silent_trigger_and_human_output(erc) -> None:  # type: ignore[no-untyped-def]
    """R4.2 through the CLI: `--silent` leaves Captain Orsk (asleep) surprised without a die."""
    ran = erc(
        "roll-init", "-e", STEALTH, "--surprise", "--trigger", "Pip", "--silent",
        "--rolls", "15,15,15,10,2,3,4,5",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert "Surprise: Pip triggers (silent)" in ran.out
    assert "no roll" in ran.out and "asleep +3, silent" in ran.out
    assert "surprised: Captain Orsk" in ran.out


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--surprise", "--trigger", "Nobody"], "unknown-combatant", "Nobody"),
        (
            ["--surprise", "--trigger", "Vessa", "--foreknowledge", "Zed"],
            "unknown-combatant",
            "Zed",
        ),
        (["--surprise", "--trigger", "Bandit"], "ambiguous-combatant", "Bandit 1"),
        (["--surprise", "--trigger", "Vessa", "--foreknowledge", "vessa"], "bad-option", "trigger"),
        (
            ["--surprise", "--trigger", "Bandit 2", "--foreknowledge", "Bandit"],
            "bad-option",
            "trigger",
        ),
        (["--trigger", "Vessa"], "bad-option", "--surprise"),
        (["--foreknowledge", "Mira"], "bad-option", "--surprise"),
        (["--silent"], "bad-option", "--surprise"),
        (["--surprise"], "bad-option", "--trigger"),
        (["--surprise", "--trigger", "Vessa", "--round", "2"], "bad-option", "round 1"),
    ],
)
def test_cli_bad_surprise_options_exit_2(erc, args: list[str], code: str, words: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 3: "unknown names in `--trigger`/`--foreknowledge`, a trigger who is also listed
    as having foreknowledge ...: clear errors, exit 2"; R4 surprise is a round-1 matter
    (R4.4: "Round 2: everyone acts normally")."""
    ran = erc("roll-init", "-e", AMBUSH, "--json", *args)
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == code and words in ran.error["message"]
    human = erc("roll-init", "-e", AMBUSH, *args)
    assert human.code == 2 and human.err.startswith("erc: ") and "Traceback" not in human.err


def test_cli_prefix_that_is_not_a_whole_group_stays_ambiguous(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A group name names `NAME 1`, `NAME 2`, ... only when nothing else shares the prefix."""
    path = tmp_path / "mixed.yaml"
    path.write_text(
        "erc: 1\ncombatants:\n"
        "  - {name: Wolf, count: 2, ac: 12, body: 6}\n"
        "  - {name: Wolfram, ac: 12, body: 6}\n"
        "  - {name: Hunter, ac: 12, body: 6}\n"
    )
    ran = erc(
        "roll-init", "-e", str(path), "--surprise", "--trigger", "Hunter",
        "--foreknowledge", "Wolf", "--json", "--seed", "1",
    )  # fmt: skip
    assert ran.code == 2 and ran.error["code"] == "ambiguous-combatant"
