"""Casting spells (EL12, EL Part 3.12) through the real CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.elysium.support import fighter, ok, refused, refused_records_nothing, status_row, write

IMMOLATE = {
    "name": "Immolate",
    "school": "fire",
    "ability": "cunning",
    "ap": 4,
    "levels": [{"mp": 2, "bonus": 1}, {"mp": 4, "bonus": 3}],
}


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    caster = fighter("K", mp=5, abilities={"cunning": 4}, schools={"fire": 2}, spells=[IMMOLATE])
    target = fighter(
        "T",
        abilities={"agility": 2, "endurance": 1},
        skills={"dodge": 1},
        armor_bonus=1,
        mdef=1,
        schools={"fire": 3},
    )
    return write(tmp_path, caster, target)


def test_spell_attack_against_spell_defense_the_difference_is_damage(erc: Any, duel: Path) -> None:
    """EL12: "School ranks + Casting atribute + Listed damage bonus" against "AGI + Dodge +
    END + Armor + MDEF or School skill" (whichever is greater); "If the Spell Attack exceeds
    the defender's Spell Defense, the difference is the damage"."""
    result = ok(
        erc,
        duel,
        "cast",
        "K",
        "T",
        "--spell",
        "immolate",
        "--level",
        "2",
        "--rolls",
        "9,1",
        "--apply",
    )
    assert result["initiator"]["parts"] == {"fire": 2, "cunning": 4, "level_bonus": 3}
    assert result["opponent"]["parts"] == {
        "agility": 2,
        "dodge": 1,
        "endurance": 1,
        "armor_bonus": 1,
        "fire": 3,
    }
    assert (result["initiator"]["total"], result["opponent"]["total"]) == (18, 9)
    assert result["damage"] == 9 and result["defense_kind"] == "spell"
    assert (result["mp_before"], result["mp_after"]) == (5, 1)
    row = status_row(erc, duel, "K")
    assert (row["mp"], row["ap_left"]) == (1, 2)
    assert status_row(erc, duel, "T")["hp"] == 21


def test_mdef_counts_when_greater_than_the_school_ranks(erc: Any, tmp_path: Path) -> None:
    caster = fighter("K", mp=5, abilities={"cunning": 4}, schools={"fire": 2}, spells=[IMMOLATE])
    path = write(tmp_path, caster, fighter("T", mdef=4, schools={"fire": 1}))
    parts = ok(
        erc, path, "cast", "K", "T", "--spell", "Immolate", "--level", "1", "--rolls", "1,1"
    )["opponent"]["parts"]
    assert parts["mdef"] == 4 and "fire" not in parts


def test_mp_are_spent_and_do_not_come_back_with_the_round(erc: Any, duel: Path) -> None:
    """EL12: "casting spells requires the expenditure of Mana Points"; not enough: refused;
    AP come back each round, MP do not."""
    ok(
        erc,
        duel,
        "cast",
        "K",
        "T",
        "--spell",
        "Immolate",
        "--level",
        "2",
        "--rolls",
        "1,1",
        "--apply",
    )
    ok(erc, duel, "roll-init", "--rolls", "1,2", "--apply")
    error = refused_records_nothing(
        erc, duel, "cast", "K", "T", "--spell", "Immolate", "--level", "2", "--rolls", "1,1"
    )
    assert error["code"] == "not-enough-mp" and "1 MP" in error["message"]


def test_ap_is_checked_before_mp(erc: Any, duel: Path) -> None:
    """EL Part 3.12: "AP is checked before MP"."""
    ok(erc, duel, "spend", "K", "--ap", "3", "--apply")
    error = refused(erc, duel, "cast", "K", "T", "--spell", "Immolate", "--level", "2")
    assert error["code"] == "not-enough-ap"


def test_a_level_the_file_lacks_is_refused(erc: Any, duel: Path) -> None:
    """EL Part 3.12: "``--spell`` and ``--level`` (from 1) are required"; a level the file
    lacks is exit 2 and records nothing (issue 17)."""
    error = refused_records_nothing(
        erc, duel, "cast", "K", "T", "--spell", "Immolate", "--level", "3"
    )
    assert error["code"] == "no-such-level" and "levels 1-2" in error["message"]
    assert refused(erc, duel, "cast", "K", "T", "--level", "1")["code"] == "bad-option"
    assert refused(erc, duel, "cast", "K", "T", "--spell", "Immolate")["code"] == "bad-option"
    unknown = refused(erc, duel, "cast", "K", "T", "--spell", "Fireball", "--level", "1")
    assert unknown["code"] == "unknown-spell" and "Immolate" in unknown["message"]


def test_a_helpless_target_makes_no_spell_defense(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.5: helplessness covers spell defence; prone's -4 does too."""
    caster = fighter("K", mp=5, abilities={"cunning": 4}, schools={"fire": 2}, spells=[IMMOLATE])
    path = write(
        tmp_path, caster, fighter("T", conditions=["asleep"]), fighter("P", conditions=["prone"])
    )
    asleep = ok(erc, path, "cast", "K", "T", "--spell", "Immolate", "--level", "1", "--rolls", "5")
    assert asleep["defense_kind"] == "helpless" and asleep["opponent"]["roll"] is None
    prone = ok(erc, path, "cast", "K", "P", "--spell", "Immolate", "--level", "1", "--rolls", "5,5")
    assert prone["opponent"]["parts"]["prone"] == -4


def test_a_damaging_spell_is_offensive(erc: Any, duel: Path) -> None:
    """EL5.6: offensive actions include "a damaging spell"."""
    ok(
        erc,
        duel,
        "cast",
        "K",
        "T",
        "--spell",
        "Immolate",
        "--level",
        "1",
        "--rolls",
        "1,1",
        "--apply",
    )
    assert refused(erc, duel, "defend", "K", "--ap", "1")["code"] == "offensive-taken"
