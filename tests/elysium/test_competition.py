"""Skill checks and competitions (EL1.2, EL1.3, EL Part 3.10): one die + skill ranks + the
key ability, opposed, through ``erc competition``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.elysium.support import fighter, ok, refused, status_row, write

ABILITIES = {
    "agility": 1,
    "cunning": 2,
    "muscle": 3,
    "endurance": 4,
    "insight": 5,
    "courage": 6,
    "self_control": 7,
}


@pytest.fixture
def pair(tmp_path: Path) -> Path:
    a = fighter(
        "A",
        abilities=ABILITIES,
        skills={
            "discern": 10,
            "bluff": 10,
            "taunt": 10,
            "intimidate": 10,
            "negotiate": 10,
            "hold": 10,
            "athletics": 10,
            "escape": 10,
            "lore": 10,
            "climb": 10,
        },
        skill_abilities={"lore": "insight"},
    )
    return write(tmp_path, a, fighter("B"))


@pytest.mark.parametrize(
    ("skill", "ability"),
    [
        ("discern", "insight"),
        ("bluff", "cunning"),
        ("taunt", "cunning"),
        ("intimidate", "courage"),
        ("negotiate", "insight"),
        ("hold", "muscle"),
        ("athletics", "muscle"),
        ("escape", "agility"),
    ],
)
def test_a_skill_check_adds_its_key_ability(erc: Any, pair: Path, skill: str, ability: str) -> None:
    """EL1.3: "A skill check is d10 + skill ranks + its key ability. Key abilities: discern
    insight ...; bluff, taunt cunning; intimidate courage; negotiate insight; hold,
    athletics muscle; escape agility"; EL1.2: terms are raw numbers (no modifier table)."""
    result = ok(
        erc,
        pair,
        "competition",
        "A",
        "B",
        "--check",
        f"A={skill}",
        "--check",
        "B=hold",
        "--rolls",
        "4,4",
    )
    assert result["initiator"]["parts"] == {skill: 10, ability: ABILITIES[ability]}
    assert result["initiator"]["total"] == 4 + 10 + ABILITIES[ability]


def test_skill_abilities_override_and_other_skills_add_ranks_only(erc: Any, pair: Path) -> None:
    """EL1.3: "the file's ``skill_abilities`` overrides"; EL Part 3.10: "Skills not listed in
    EL1.3 add their ranks only, unless ``skill_abilities`` names an ability"."""
    lore = ok(
        erc,
        pair,
        "competition",
        "A",
        "B",
        "--check",
        "A=lore",
        "--check",
        "B=hold",
        "--rolls",
        "1,1",
    )
    assert lore["initiator"]["parts"] == {"lore": 10, "insight": 5}
    climb = ok(
        erc,
        pair,
        "competition",
        "A",
        "B",
        "--check",
        "A=climb",
        "--check",
        "B=hold",
        "--rolls",
        "1,1",
    )
    assert climb["initiator"]["parts"] == {"climb": 10}


def test_an_ability_named_rolls_the_ability_alone(erc: Any, pair: Path) -> None:
    """EL Part 3.10: "``--check NAME=agility`` (an ability) rolls the ability alone"."""
    result = ok(
        erc,
        pair,
        "competition",
        "A",
        "B",
        "--check",
        "A=self_control",
        "--check",
        "B=agility",
        "--rolls",
        "1,1",
    )
    assert result["initiator"]["parts"] == {"self_control": 7}
    assert result["opponent"]["parts"] == {"agility": 0}


def test_competition_winner_margin_and_tie(erc: Any, pair: Path) -> None:
    """EL1.5: "the initiator wins only with a strictly higher total; a tie changes nothing";
    EL Part 3.2: ``winner`` the initiator's name, the opponent's, or null."""
    args = ("competition", "A", "B", "--check", "A=climb", "--check", "B=hold")
    won = ok(erc, pair, *args, "--mod", "B=1", "--rolls", "1,5")  # 11 against 6
    assert (won["margin"], won["winner"]) == (5, "A")
    assert won["opponent"]["parts"] == {"hold": 0, "muscle": 0, "mod": 1}
    tie = ok(erc, pair, *args, "--mod", "B=1", "--rolls", "1,10")  # 11 against 11
    assert (tie["margin"], tie["winner"]) == (0, None)
    lost = ok(erc, pair, *args, "--mod", "A=-10", "--rolls", "1,2")  # 1 against 2
    assert (lost["margin"], lost["winner"]) == (-1, "B")


def test_competition_needs_a_check_for_each_side(erc: Any, pair: Path) -> None:
    assert refused(erc, pair, "competition", "A", "B", "--check", "A=hold")["code"] == (
        "bad-option"
    )
    typo = refused(erc, pair, "competition", "A", "B", "--check", "A=hlod", "--check", "B=hold")
    assert typo["code"] == "bad-option" and "did you mean 'hold'" in typo["message"]
    other = refused(
        erc, pair, "competition", "A", "B", "--check", "A=hold", "--check", "B=hold", "--mod", "C=1"
    )
    assert other["code"] == "unknown-combatant"


def test_a_competition_spends_no_ap(erc: Any, pair: Path) -> None:
    ok(
        erc,
        pair,
        "competition",
        "A",
        "B",
        "--check",
        "A=hold",
        "--check",
        "B=hold",
        "--rolls",
        "1,1",
        "--apply",
    )
    assert status_row(erc, pair, "A")["ap_left"] == 6


def test_a_school_check_reads_its_ranks_from_schools(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.12: "school ranks come from ``schools``"; EL12: "the caster's School ranks,
    which are purchased in much the same way as weapon skills are"."""
    spell = {
        "name": "Burn",
        "school": "fire",
        "ability": "cunning",
        "ap": 2,
        "levels": [{"mp": 1, "bonus": 0}],
    }
    mage = fighter("M", schools={"fire": 3}, spells=[spell], abilities={"insight": 4})
    path = write(
        tmp_path, mage, fighter("B", schools={"fire": 1}), skill_abilities={"fire": "insight"}
    )
    result = ok(
        erc,
        path,
        "competition",
        "M",
        "B",
        "--check",
        "M=fire",
        "--check",
        "B=fire",
        "--rolls",
        "2,5",
    )
    assert result["initiator"]["parts"] == {"fire": 3, "insight": 4}
    assert result["opponent"]["parts"] == {"fire": 1, "insight": 0}
    assert (result["initiator"]["total"], result["opponent"]["total"]) == (9, 6)


@pytest.mark.parametrize("condition", ["asleep", "unconscious", "paralyzed", "bound"])
def test_one_that_cannot_act_does_not_start_a_competition(
    erc: Any, pair: Path, condition: str
) -> None:
    """EL Part 3.13 (who cannot act: HP 0, asleep, unconscious, paralyzed, bound): the
    initiator starts the contest, so such an A is refused (exit 2, ``cannot-act``), as in
    every other command it starts; EL Part 3.5: a helpless opponent still rolls."""
    args = ("--check", "A=climb", "--check", "B=hold", "--rolls", "1,5")
    ok(erc, pair, "condition", "A", condition, "--apply")
    error = refused(erc, pair, "competition", "A", "B", *args)
    assert error["code"] == "cannot-act" and condition in error["message"]
    answered = ok(erc, pair, "competition", "B", "A", "--check", "B=hold", "--check", "A=climb")
    assert answered["opponent"]["name"] == "A"
